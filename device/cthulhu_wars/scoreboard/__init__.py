"""The scoreboard on the device (K1–K15): its questions and their words, loaded on use."""
