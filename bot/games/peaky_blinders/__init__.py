"""Risk Peaky Blinders in words and in Discord: :mod:`.text` (narration, labels, lists; no
Discord) and :mod:`.commands` (its slash commands)."""
