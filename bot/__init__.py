"""GameMaster: a Discord game master for board games."""
