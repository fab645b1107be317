"""``python -m tuolaji.cluster``: the local cluster (:mod:`tuolaji.cluster.cli`)."""

import sys

from tuolaji.cluster.cli import main

if __name__ == "__main__":
    sys.exit(main())
