"""``python -m tuolaji``: the same commands as ``tuolaji``."""

from tuolaji.cli import main

if __name__ == "__main__":
    main()
