"""The web table's HTTP routes, through a real server process: creating tables (and the form's errors), the
rate limit, the QR codes and the pages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import PLANES_10
from planechase import CATALOG
from planechase.cards.decklists import parse_deck_list
from planechase.cards.filters import FILTERS
from planechase.server.create import table_config
from server.live import LiveServer, token_of


def rendered(text: Any) -> str:
    """A translatable text the server answered ({"template": ..., "params": ...}), in English."""
    if isinstance(text, dict) and "template" in text:
        return str(text["template"]).format(**{k: rendered(v) for k, v in text.get("params", {}).items()})
    return str(text)


#: Ten planes, one per line as a player pastes them.
TEN_PLANES = "\n".join(PLANES_10)


def test_creating_a_table_answers_201_with_a_link_per_seat(server: LiveServer) -> None:
    response = server.post("/api/tables", json={"name": "Friday", "players": ["Ann", "Bob", "Cy"], "seed": 11})
    assert response.status_code == 201
    created = response.json()
    page = f"{server.base}/t/{created['id']}"
    assert [(s["seat"], s["name"]) for s in created["seats"]] == [(0, "Ann"), (1, "Bob"), (2, "Cy")]
    tokens = [token_of(s["url"]) for s in created["seats"]]
    assert all(s["url"] == f"{page}#t={t}" for s, t in zip(created["seats"], tokens, strict=True))
    spectator = token_of(created["spectator_url"])
    assert created["spectator_url"] == f"{page}#t={spectator}"
    assert created["display_url"] == f"{page}#t={spectator}&display=1"
    assert created["creator_url"] == f"{page}#t={created['creator']}"
    assert len({*tokens, spectator, created["creator"]}) == 5  # every link carries its own token
    assert all(len(t) >= 16 for t in tokens)
    assert created["seed"] == 11
    assert created["house_rules"] == []
    # The table's page is served; a table that doesn't exist gets the "missing" page.
    assert server.get(f"/t/{created['id']}").status_code == 200
    assert server.get("/t/no-such-table").status_code == 404


def test_a_seed_chosen_by_the_server_is_kept_from_every_client(server: LiveServer) -> None:
    """A seed tells every roll and shuffle in advance: one the server chose is never sent out."""
    response = server.post("/api/tables", json={"players": ["Ann", "Bob"]})
    assert response.status_code == 201
    created = response.json()
    assert "seed" not in created
    with server.client(created["id"]) as creator:
        welcome, _ = creator.join(created["creator"])
        assert "seed" not in welcome["table"]["config"]
        assert welcome["table"]["config"]["players"] == ["Ann", "Bob"]


def test_an_eternities_map_table_lists_its_house_rules(server: LiveServer) -> None:
    response = server.post("/api/tables", json={"players": ["Ann", "Bob"], "eternities_map": "published", "seed": 1})
    assert response.status_code == 201
    assert response.json()["house_rules"][0] == "The Eternities Map."


def test_an_unknown_card_in_a_pasted_list_names_the_line_and_suggests_the_card(server: LiveServer) -> None:
    bob = TEN_PLANES.replace("Naar Isle", "Naar Isl")
    response = server.post(
        "/api/tables", json={"players": ["Ann", "Bob"], "decks": "pasted", "deck_lists": [TEN_PLANES, bob]}
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error.startswith("Bob's planar deck, line 7: unknown planar card 'Naar Isl'")
    assert "did you mean 'Naar Isle'" in error


def test_a_pasted_shared_deck_too_small_for_the_table_is_refused_by_901_15a(server: LiveServer) -> None:
    response = server.post(
        "/api/tables",
        json={"players": ["Ann", "Bob"], "decks": "pasted_shared", "shared_deck_list": TEN_PLANES},
    )
    assert response.status_code == 400
    assert "901.15a" in response.json()["error"]


def test_too_few_players_is_a_400_saying_how_many_are_needed(server: LiveServer) -> None:
    response = server.post("/api/tables", json={"players": ["Ann"]})
    assert response.status_code == 400
    assert response.json()["error"] == "a game needs 2 to 32 players, not 1"


def test_an_unknown_variant_is_a_400_listing_the_variants(server: LiveServer) -> None:
    response = server.post("/api/tables", json={"players": ["Ann", "Bob"], "variant": "chess"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert "unknown variant 'chess'" in error
    assert "free_for_all" in error and "emperor" in error


def test_random_decks_take_the_deck_filters_and_an_unknown_filter_is_a_400(server: LiveServer) -> None:
    form = {"players": ["Ann", "Bob", "Cy", "Dee"], "seed": 5, "filters": ["remote", "commander"]}
    for decks in ("random", "random_shared"):
        config, _ = table_config({**form, "decks": decks})
        cards = [name for deck in config.get("decks", [config.get("shared_deck", [])]) for name in deck]
        assert cards and all(f.keeps(CATALOG[name]) for name in cards for f in FILTERS.values()), cards
    assert server.post("/api/tables", json=form).status_code == 201
    for bad in (["webcam"], "remote", ["remote"] * 3, [1], [["remote"]], [{"remote": 1}]):
        response = server.post("/api/tables", json={**form, "filters": bad})
        assert response.status_code == 400, bad
        assert response.json()["error"] == "'filters' must be a list of deck filters: remote, commander"


def test_a_bad_decks_mode_and_a_bad_seed_are_400s(server: LiveServer) -> None:
    response = server.post("/api/tables", json={"players": ["Ann", "Bob"], "decks": "borrowed"})
    assert response.status_code == 400
    assert "'decks' must be random, random_shared, pasted or pasted_shared" in response.json()["error"]
    response = server.post("/api/tables", json={"players": ["Ann", "Bob"], "seed": -1})
    assert response.status_code == 400
    assert "'seed'" in response.json()["error"]


def test_a_body_that_is_not_json_is_a_400(server: LiveServer) -> None:
    response = server.post("/api/tables", content=b"players=Ann,Bob", headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json()["error"] == "the form must be JSON"
    response = server.post("/api/tables", json=["Ann", "Bob"])  # JSON, but not a form
    assert response.status_code == 400
    assert response.json()["error"] == "the table form must be a JSON object"


def test_an_oversized_form_is_a_413(server: LiveServer) -> None:
    response = server.post("/api/tables", json={"players": ["Ann", "Bob"], "name": "x" * 250_000})
    assert response.status_code == 413
    assert response.json()["error"] == "the form is too large"


def test_creating_tables_past_the_limit_per_minute_answers_429(new_server: Callable[..., LiveServer]) -> None:
    limited = new_server(create_limit=3)
    for _ in range(3):
        assert limited.post("/api/tables", json={"players": ["Ann", "Bob"]}).status_code == 201
    response = limited.post("/api/tables", json={"players": ["Ann", "Bob"]})
    assert response.status_code == 429
    assert "too many tables" in response.json()["error"]
    assert limited.get("/api/sets").status_code == 200  # only creating is limited


def test_the_qr_code_is_an_svg_of_a_link_to_this_server(server: LiveServer) -> None:
    link = f"{server.base}/t/abcdef#t=sometoken"
    response = server.get("/api/qr.svg", params={"text": link})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in response.text
    other = server.get("/api/qr.svg", params={"text": f"{server.base}/t/other#t=x"})
    assert other.text != response.text  # the code is of the link given


def test_the_qr_code_is_refused_for_a_link_to_another_host(server: LiveServer) -> None:
    for text in ("https://example.com/t/abcdef#t=x", f"http://127.0.0.2:{server.port}/t/abcdef", ""):
        response = server.get("/api/qr.svg", params={"text": text})
        assert response.status_code == 400, text
        assert "only for a link to this server" in response.json()["error"]


def test_the_profiles_and_sets_lists_are_served(server: LiveServer) -> None:
    profiles = server.get("/api/profiles").json()
    assert "published" in [p["profile"] for p in profiles]
    assert all(isinstance(p["rules"], list) and p["summary"] for p in profiles)
    assert "HOP" in server.get("/api/sets").json()


def test_pages_forbid_inline_script_and_outside_content(server: LiveServer) -> None:
    """Names and card text are shown as text; the policy also stops any script that isn't the server's own."""
    for path in ("/", "/static/table.js"):
        response = server.get(path)
        policy = response.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "default-src 'none'" in policy
        assert response.headers["x-content-type-options"] == "nosniff"


def test_every_problem_of_the_pasted_lists_is_answered_with_its_line(server: LiveServer) -> None:
    ann = TEN_PLANES.replace("Naar Isle", "Naar Isl")
    bob = "Aretopolis\nAretopolis\n" + "\n".join(PLANES_10[2:9])
    response = server.post("/api/tables", json={"players": ["Ann", "Bob"], "decks": "pasted", "deck_lists": [ann, bob]})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "the pasted planar decks cannot be played: 3 problems"
    issues = [rendered(issue) for issue in body["issues"]]
    assert issues[0].startswith("Ann's planar deck, line 7: unknown planar card 'Naar Isl'")
    assert any(i.startswith("901.3: Bob's planar deck has 'Aretopolis' more than once") for i in issues)
    assert any(i.startswith("901.3: Bob's planar deck has 9 cards") for i in issues)


def test_a_whole_commander_list_pasted_gives_its_planar_deck(server: LiveServer) -> None:
    moxfield = "1 Sol Ring\n1 Command Tower\n1 Llanowar Elves\n\n" + "\n".join(f"1 {p}" for p in PLANES_10)
    form = {"players": ["Ann", "Bob"], "decks": "pasted", "deck_lists": [moxfield, TEN_PLANES], "seed": 3}
    response = server.post("/api/tables", json=form)
    assert response.status_code == 201, response.text


def test_a_deck_downloads_as_another_programs_file(server: LiveServer) -> None:
    form = {"text": "1 Sol Ring\n\n" + TEN_PLANES, "to": "cockatrice", "name": "Ann's planes"}
    response = server.post("/api/decks/file", json=form)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/xml; charset=utf-8"
    assert response.headers["content-disposition"].startswith('attachment; filename="Ann-s-planes.cod"')
    again = parse_deck_list(response.text)
    assert again.format == "cockatrice" and again.name == "Ann's planes"
    assert sorted(again.names) == sorted(PLANES_10)


def test_a_deck_that_cannot_be_read_is_not_downloaded_and_every_problem_is_named(server: LiveServer) -> None:
    text = TEN_PLANES.replace("Naar Isle", "Naar Isl").replace("Sokenzan", "Sokenzn")
    response = server.post("/api/decks/file", json={"text": text, "to": "forge"})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "the deck list cannot be read: 2 problems"
    lines = sorted(PLANES_10.index(name) + 1 for name in ("Naar Isle", "Sokenzan"))
    assert [i["params"]["line"] for i in body["issues"]] == lines
    for bad in ({"text": TEN_PLANES, "to": "pdf"}, {"text": "", "to": "text"}, {"text": "x" * 20_001, "to": "text"}):
        assert server.post("/api/decks/file", json=bad).status_code == 400
    refused = server.post("/api/decks/file", content=b"{}", headers={"Content-Type": "text/plain"})
    assert refused.status_code == 415


def test_a_deck_named_in_any_alphabet_downloads_with_an_ascii_and_a_utf8_file_name(server: LiveServer) -> None:
    response = server.post("/api/decks/file", json={"text": TEN_PLANES, "to": "forge", "name": "Колода Ани"})
    assert response.status_code == 200
    disposition = response.headers["content-disposition"]
    assert disposition.startswith("attachment; filename=\"planar-deck.dck\"; filename*=UTF-8''")
    assert "%D0%9A%D0%BE%D0%BB%D0%BE%D0%B4%D0%B0-%D0%90%D0%BD%D0%B8.dck" in disposition
    assert "Name=Колода Ани\n" in response.text
    assert server.post("/api/decks/file", json={"text": TEN_PLANES, "to": "text", "name": None}).status_code == 400


def test_downloads_past_the_limit_per_minute_answer_429(server: LiveServer) -> None:
    answers = [server.post("/api/decks/file", json={"text": "Aretopolis", "to": "text"}).status_code for _ in range(32)]
    assert answers.count(429) >= 1 and answers[0] == 200


def test_the_creator_is_told_what_was_left_out_of_a_pasted_commander_list(server: LiveServer) -> None:
    moxfield = "1 Sol Ring\n1 Command Tower\n\n" + "\n".join(f"1 {p}" for p in PLANES_10) + "\n1 Pithing Needle"
    form = {"players": ["Ann", "Bob"], "decks": "pasted", "deck_lists": [moxfield, TEN_PLANES], "seed": 3}
    response = server.post("/api/tables", json=form)
    assert response.status_code == 201
    notes = [rendered(note) for note in response.json()["deck_notes"]]
    assert any(n.startswith("Ann's planar deck: 1 line") and "'Pithing Needle'" in n for n in notes)
    assert any(n.startswith("Ann's planar deck: 2 lines") and "'Sol Ring' and 'Command Tower'" in n for n in notes)
    plain = server.post("/api/tables", json={**form, "deck_lists": [TEN_PLANES, TEN_PLANES]})
    assert "deck_notes" not in plain.json()
