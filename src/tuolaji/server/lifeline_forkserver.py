"""Imported by the bot pool's forkserver only, as it starts: it dies with the server.

The forkserver (multiprocessing's process that forks the bot workers) imports the
modules it is told to preload before it serves (:func:`tuolaji.server.lifeline.preload_forkserver`
names this one). Importing it sets the forkserver's death signal, so that a server
killed outright takes the forkserver with it, and the forkserver its workers
(:mod:`tuolaji.server.lifeline`). Nothing else imports this module.

The signal follows the server *thread* that started the forkserver: the bot pool starts
it from the thread of the event loop, which lives as long as the server. Should the
server die before this runs, the forkserver still ends, as multiprocessing's own does,
when the last process holding its "alive" pipe is gone: the workers see their lifeline
closed and exit.
"""

from __future__ import annotations

from tuolaji.server.lifeline import die_with_parent

die_with_parent()
