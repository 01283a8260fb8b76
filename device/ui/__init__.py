"""What every game's front end on the device shares: steps, the wizard, the base
controller, the registry of games' front ends and the New game list."""
