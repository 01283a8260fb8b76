"""The phone view's server (``celaeno web``): a separate process that follows the journal
read-only and pushes the table's state to every phone on the LAN. See docs/phones.md."""
