"""Build the optional C extension; if it cannot be compiled, install pure Python with a warning."""

import os
import sys
import warnings
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# Every C file under src/sudokit/_c (solve/, logic/, se/, bind/) is one extension; a header
# change rebuilds it (depends).  Includes name their folder from _c: "se/se.h".
C_ROOT = os.path.join("src", "sudokit", "_c")
SOURCES = sorted(glob(os.path.join(C_ROOT, "**", "*.c"), recursive=True))
HEADERS = sorted(glob(os.path.join(C_ROOT, "**", "*.h"), recursive=True))


class OptionalBuildExt(build_ext):
    """build_ext that turns a compiler failure into a visible warning (SUDOKIT_REQUIRE_C=1: an error)."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any compiler/setup failure
            self._fail(exc)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            self._fail(exc)

    def _fail(self, exc):
        if os.environ.get("SUDOKIT_REQUIRE_C", "") not in ("", "0"):
            raise exc
        message = (f"sudokit: the C extension could not be built ({exc}); "
                   "installing the pure-Python kernels only (same results, slower)")
        warnings.warn(message)
        print("WARNING: " + message, file=sys.stderr)


extra_compile_args = []
if os.name != "nt":
    extra_compile_args = ["-O3", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter"]
    if os.environ.get("SUDOKIT_SANITIZE"):
        extra_compile_args += ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-O1", "-g"]

ext_modules = []
if SOURCES and os.environ.get("SUDOKIT_PUREPYTHON_BUILD", "") in ("", "0"):
    ext_modules.append(Extension(
        "sudokit._ckernels",
        sources=SOURCES,
        depends=HEADERS,
        include_dirs=[C_ROOT],
        extra_compile_args=extra_compile_args,
        extra_link_args=["-fsanitize=address,undefined"] if os.environ.get("SUDOKIT_SANITIZE") else [],
    ))

setup(ext_modules=ext_modules, cmdclass={"build_ext": OptionalBuildExt})
