"""The companion as a systemd service: notifications, stop signals, the DRM screen."""
