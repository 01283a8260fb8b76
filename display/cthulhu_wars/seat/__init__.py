"""A faction's seat on its own phone (I13, I14): its part of the page
(:mod:`display.cthulhu_wars.seat.part`) and its words (:mod:`display.cthulhu_wars.seat.words`),
loaded by the first seat's page."""
