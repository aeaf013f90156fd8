"""User-facing wording of coded notices and advice, in English and Chinese."""
