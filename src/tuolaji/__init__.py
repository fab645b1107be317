"""tuolaji: Tractor (拖拉机 / Sheng Ji 升级), an exact rules engine and ways to play it."""

__version__ = "0.1.0"
