"""What the commands report, as data: the objects ``grundy solve --json`` and ``grundy table
--json`` print, built by library functions that the command line, the web page and notebooks
share (the command line only parses argv and renders them)."""
