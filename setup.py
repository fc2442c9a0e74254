"""The one compiled part: the learning environments' observation encoder (src/ludotheque/rl/_fast.c).

Everything else is in pyproject.toml. ``optional``: without a C compiler the install still
succeeds and ``ludotheque.rl`` uses its pure-Python encoder (same floats, slower; docs/rl.md).
"""

import numpy
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "ludotheque.rl._fast",
            ["src/ludotheque/rl/_fast.c"],
            include_dirs=[numpy.get_include()],  # the arrays are made by numpy's C API
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
