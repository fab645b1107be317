"""A local cluster of the online game: several ``tuolaji serve`` processes on one
PostgreSQL database behind HAProxy, started and stopped as one (``python -m
tuolaji.cluster``, ``make serve-cluster``).

This layer starts processes and talks to them over HTTP only: it imports the standard
library and the translations, never the server's modules (pyproject.toml's import
contracts and tests/test_architecture.py say so). Its parts:

- :mod:`~tuolaji.cluster.postgres`: a throwaway PostgreSQL server in a temporary folder;
- :mod:`~tuolaji.cluster.servers`: one ``tuolaji serve`` child, its health and its stop;
- :mod:`~tuolaji.cluster.proxy`: HAProxy's configuration, from ``deploy/haproxy.cfg``, and
  the proxy process;
- :mod:`~tuolaji.cluster.launcher`: all of them together, in order;
- :mod:`~tuolaji.cluster.cli`: the command line.

docs/scaling.md explains the routing and what each process does.
"""
