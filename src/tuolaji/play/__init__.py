"""Playing Tractor in the terminal against three bots: the game driver (session), the
Textual screen (app, widgets), the line mode (plain) and the words players read (words,
narrate, view, rules_text), all through the translation layer (``tuolaji.i18n``)."""
