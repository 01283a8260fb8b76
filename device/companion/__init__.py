"""The companion's life: the main loop (App), assembling it from the configuration, running it."""
