"""The command line: the only code that knows argv, flags, stdout and exit codes."""

from grundy.cli.app import main

__all__ = ["main"]
