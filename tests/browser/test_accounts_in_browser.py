"""Signing up and in through the pages, on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import LiveServer, register

pytestmark = pytest.mark.browser


def test_a_new_account_registers_through_the_pages_and_lands_on_the_game_picker(
    page: Page, live_server: LiveServer
) -> None:
    email = register(page, live_server)

    expect(page).to_have_url(live_server("/games/new"))
    expect(page.get_by_role("heading", level=1)).to_have_text("What are you playing?")
    expect(page.get_by_text("Welcome! Start your first game.")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("Contract"))).to_be_visible()

    page.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(live_server("/login"))
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(live_server("/games"))
    expect(page.get_by_role("heading", name="Your games")).to_be_visible()
