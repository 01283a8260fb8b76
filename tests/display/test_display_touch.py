"""One tap per touch: FINGERDOWN counts, the mouse event SDL synthesises from it does not."""

from __future__ import annotations

import pygame
import pytest

from display.screen.touch import tap_position

SIZE = (800, 480)


def _through_the_queue(event: pygame.event.Event) -> pygame.event.Event:
    """Post a real event and read it back, as the app's loop would."""
    pygame.display.init()
    pygame.event.clear()
    pygame.event.post(event)
    found = [e for e in pygame.event.get() if e.type == event.type]
    assert len(found) == 1
    return found[0]


def test_a_finger_is_scaled_from_normalised_coordinates() -> None:
    event = _through_the_queue(
        pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.25, touch_id=1, finger_id=0)
    )
    assert tap_position(event, SIZE) == (400, 120)


def test_a_finger_on_the_far_edge_stays_on_screen() -> None:
    event = pygame.event.Event(pygame.FINGERDOWN, x=1.0, y=1.0, touch_id=1, finger_id=0)
    assert tap_position(event, SIZE) == (799, 479)


def test_a_mouse_click_is_a_tap() -> None:
    event = _through_the_queue(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1, touch=False)
    )
    assert tap_position(event, SIZE) == (10, 20)


def test_a_mouse_event_synthesised_from_touch_is_ignored() -> None:
    event = _through_the_queue(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 120), button=1, touch=True)
    )
    assert tap_position(event, SIZE) is None


@pytest.mark.parametrize("button", [2, 3, 4, 5])
def test_other_mouse_buttons_are_not_taps(button: int) -> None:
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=button, touch=False)
    assert tap_position(event, SIZE) is None


@pytest.mark.parametrize(
    "kind", [pygame.FINGERUP, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN]
)
def test_other_events_are_not_taps(kind: int) -> None:
    assert tap_position(pygame.event.Event(kind, x=0.1, y=0.1, pos=(1, 1), button=1), SIZE) is None


def test_one_touch_gives_one_tap() -> None:
    """The pair SDL delivers for one finger (finger + synthesised mouse) yields exactly one tap."""
    pair = [
        pygame.event.Event(pygame.FINGERDOWN, x=0.1, y=0.1, touch_id=1, finger_id=0),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(80, 48), button=1, touch=True),
    ]
    taps = [tap for event in pair if (tap := tap_position(event, SIZE)) is not None]
    assert taps == [(80, 48)]
