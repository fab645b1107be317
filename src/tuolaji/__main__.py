"""``python -m tuolaji``: the same commands as ``tuolaji``."""

from tuolaji.cli import main

main()
