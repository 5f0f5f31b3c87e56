"""Atomic loads and stores, the spin-wait hint, ``sched_yield`` and the cycle counter, for
compiled kernels whose threads share arrays (:mod:`.octal_threads`, :mod:`.octal_spec`).

Every shared counter is an ``int64`` entry of an array; a load with acquire order sees every
store made before the release store it reads.
"""

from __future__ import annotations

import platform
from typing import Any

from grundy.tables.kernels import prepare

prepare()
from llvmlite import ir  # type: ignore[import-untyped]  # noqa: E402
from numba import types  # noqa: E402  (after prepare)
from numba.core import cgutils  # noqa: E402
from numba.core.extending import intrinsic  # noqa: E402


def _item(context: Any, builder: Any, signature: Any, args: Any) -> Any:  # pragma: no cover - compiled
    """The pointer to ``array[index]``, the first two arguments of an intrinsic."""
    arrayty = signature.args[0]
    ary = context.make_array(arrayty)(context, builder, args[0])
    return cgutils.get_item_pointer(context, builder, arrayty, ary, [args[1]])


def _load_typing(typingctx: Any, array: Any, index: Any) -> Any:  # pragma: no cover - compiled
    """``array[index]`` (an ``int64`` array) loaded with acquire order."""
    sig = types.int64(array, types.intp)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ptr = _item(context, builder, signature, args)
        return builder.load_atomic(ptr, "acquire", 8)

    return sig, codegen


def _store_typing(typingctx: Any, array: Any, index: Any, value: Any) -> Any:  # pragma: no cover
    """``array[index] = value`` (an ``int64`` array) stored with release order."""
    sig = types.void(array, types.intp, types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ptr = _item(context, builder, signature, args)
        builder.store_atomic(args[2], ptr, "release", 8)
        return context.get_dummy_value()

    return sig, codegen


_X86 = platform.machine().lower() in ("x86_64", "amd64", "i686", "i386")


def _pause_typing(typingctx: Any) -> Any:  # pragma: no cover - compiled
    """The processor's spin-wait hint (``pause`` on x86; nothing elsewhere)."""
    sig = types.void()

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        if _X86:
            fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.VoidType(), []),
                                                "llvm.x86.sse2.pause")
            builder.call(fn, [])
        return context.get_dummy_value()

    return sig, codegen


def _yield_typing(typingctx: Any) -> Any:  # pragma: no cover - compiled
    """``sched_yield()`` from the C library: give the core to another runnable thread."""
    sig = types.void()

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(32), []),
                                            "sched_yield")
        builder.call(fn, [])
        return context.get_dummy_value()

    return sig, codegen


def _cycles_typing(typingctx: Any) -> Any:  # pragma: no cover - compiled
    """The processor's cycle counter (``rdtsc`` on x86; it counts while the thread is not running)."""
    sig = types.int64()

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(64), []),
                                            "llvm.readcyclecounter")
        return builder.call(fn, [])

    return sig, codegen


cycles: Any = intrinsic(_cycles_typing)
load: Any = intrinsic(_load_typing)
store: Any = intrinsic(_store_typing)
pause: Any = intrinsic(_pause_typing)
yield_core: Any = intrinsic(_yield_typing)


def _add_typing(typingctx: Any, array: Any, index: Any, value: Any) -> Any:  # pragma: no cover
    """``array[index] += value`` (an ``int64`` array) at once for every thread (sequentially
    consistent); the value before."""
    sig = types.int64(array, types.intp, types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ptr = _item(context, builder, signature, args)
        return builder.atomic_rmw("add", ptr, args[2], "seq_cst")

    return sig, codegen


def _swap_typing(typingctx: Any, array: Any, index: Any, old: Any, new: Any) -> Any:  # pragma: no cover
    """``array[index] = new`` if it is ``old`` (compare and swap, sequentially consistent):
    whether it was."""
    sig = types.boolean(array, types.intp, types.int64, types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ptr = _item(context, builder, signature, args)
        pair = builder.cmpxchg(ptr, args[2], args[3], "seq_cst", "seq_cst")
        return builder.extract_value(pair, 1)

    return sig, codegen


add: Any = intrinsic(_add_typing)
swap: Any = intrinsic(_swap_typing)
