"""Cthulhu Wars' words, English and Japanese side by side: names of things on the table
(``names``) and the rules' events and refusals (``game``)."""
