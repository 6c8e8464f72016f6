"""6 nimmt!'s table: its narrator and its table model."""
