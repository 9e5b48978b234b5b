"""Sending a Web Push message (web.notify.push), against a real push service on a local
port (pushservice.py) that decrypts what it is sent and checks its VAPID signature the
way a browser's push service does."""

from __future__ import annotations

import base64
import logging
import time
from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

import pytest
import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid  # type: ignore[import-untyped]
from pywebpush import WebPusher  # type: ignore[import-untyped]
from support.live import run_apart
from support.pushservice import PushService, unused_origin

from web.notify.push import (
    MAX_PAYLOAD_BYTES,
    PushOutcome,
    PushResult,
    PushSubscription,
    VapidKeys,
    make_vapid_keys,
    send_push,
)

T = TypeVar("T")

CONTACT = "mailto:operator@chromino.example"
TURN = {"kind": "turn", "table": "Tisch für vier — 🎲", "url": "/tables/42"}


def push(
    info: Mapping[str, Any], keys: VapidKeys, payload: Mapping[str, Any] = TURN, **options: Any
) -> PushResult:
    subscription = PushSubscription.from_browser(info, allow_http=True)
    return run_apart(send_push(subscription, payload, keys, CONTACT, **options))


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@pytest.fixture(scope="module")
def keys() -> VapidKeys:
    return make_vapid_keys()


@pytest.fixture
def service() -> Iterator[PushService]:
    with PushService() as running:
        yield running


def test_a_push_reaches_the_device_and_decrypts_to_its_payload(
    service: PushService, keys: VapidKeys
) -> None:
    info = service.subscribe()

    result = push(info, keys)

    assert result == PushResult(PushOutcome.DELIVERED, 201)
    [received] = service.wait_for(1)
    assert received.subscription_id == service.id_of(info)
    assert received.payload == TURN
    assert received.headers["content-encoding"] == "aes128gcm"
    assert received.headers["ttl"] == "86400"
    assert received.headers["urgency"] == "normal"
    assert service.refused == []


def test_each_push_is_encrypted_to_its_own_subscription(
    service: PushService, keys: VapidKeys
) -> None:
    first, second = service.subscribe(), service.subscribe()

    assert push(first, keys, {"n": 1}).outcome is PushOutcome.DELIVERED
    assert push(second, keys, {"n": 2}).outcome is PushOutcome.DELIVERED

    received = service.wait_for(2)
    assert [(r.subscription_id, r.payload) for r in received] == [
        (service.id_of(first), {"n": 1}),
        (service.id_of(second), {"n": 2}),
    ]


def test_the_push_is_signed_with_the_installs_vapid_key(
    service: PushService, keys: VapidKeys
) -> None:
    info = service.subscribe(application_server_key=keys.public_key)

    assert push(info, keys).outcome is PushOutcome.DELIVERED

    [received] = service.wait_for(1)
    assert received.vapid_public_key == keys.public_key
    assert received.vapid_claims["sub"] == CONTACT
    assert received.vapid_claims["aud"] == service.origin
    assert time.time() < received.vapid_claims["exp"] <= time.time() + 24 * 60 * 60
    assert service.refused == []


def test_a_push_signed_by_another_install_is_refused_by_the_push_service(
    service: PushService, keys: VapidKeys
) -> None:
    info = service.subscribe(application_server_key=keys.public_key)

    result = push(info, make_vapid_keys())

    assert result == PushResult(PushOutcome.FAILED, 403)
    assert [refusal.status for refusal in service.refused] == [403]
    assert service.received == []


def post_by_hand(
    info: Mapping[str, Any],
    keys: VapidKeys,
    claims: Mapping[str, Any] = {},
    headers: Mapping[str, str] = {},
    forge: bool = False,
) -> int:
    """Post a push built by hand (encrypted by pywebpush, signed by py_vapid), with
    ``claims`` and ``headers`` over the usual ones and, with ``forge``, its signature
    changed; the push service's status."""
    vapid = Vapid.from_raw(keys.private_key.encode())
    signed = vapid.sign({"sub": CONTACT, "aud": PushService.origin_of(info), **claims})
    authorization = signed["Authorization"]
    if forge:
        token = authorization.split("t=", 1)[1].split(",", 1)[0]
        signature = token.rsplit(".", 1)[1]
        flipped = ("A" if signature[0] != "A" else "B") + signature[1:]
        authorization = authorization.replace(signature, flipped)
    body = WebPusher(info).encode(b'{"kind":"turn"}')["body"]
    sent = {"Authorization": authorization, "Content-Encoding": "aes128gcm", "TTL": "60"}
    sent.update(headers)
    sent = {name: value for name, value in sent.items() if value}
    return requests.post(info["endpoint"], data=body, headers=sent, timeout=10).status_code


@pytest.mark.parametrize(
    ("spoil", "status"),
    [
        ({"forge": True}, 403),
        ({"claims": {"aud": "http://elsewhere.example"}}, 403),
        ({"claims": {"exp": int(time.time()) + 48 * 60 * 60}}, 403),
        ({"headers": {"Authorization": "WebPush old-draft-token"}}, 401),
        ({"headers": {"TTL": ""}}, 400),
        ({"headers": {"Content-Encoding": "aesgcm"}}, 415),
    ],
    ids=["forged", "audience", "expiry", "scheme", "ttl", "encoding"],
)
def test_the_stand_in_push_service_refuses_what_a_real_one_refuses(
    service: PushService, keys: VapidKeys, spoil: dict[str, Any], status: int
) -> None:
    info = service.subscribe(application_server_key=keys.public_key)
    assert post_by_hand(info, keys) == 201, service.refused  # the same push, unspoilt

    assert post_by_hand(info, keys, **spoil) == status

    assert [refusal.status for refusal in service.refused] == [status]
    assert len(service.received) == 1


@pytest.mark.parametrize("status", [410, 404])
def test_a_subscription_the_service_says_is_gone_is_reported_gone(
    service: PushService, keys: VapidKeys, status: int
) -> None:
    info = service.subscribe()
    if status == 410:
        service.unsubscribe(info)
    else:
        service.fail(info, 404)

    assert push(info, keys) == PushResult(PushOutcome.GONE, status)
    assert service.received == []


@pytest.mark.parametrize("status", [500, 429, 400])
def test_a_failing_push_service_is_reported_as_failed_with_its_status(
    service: PushService, keys: VapidKeys, status: int
) -> None:
    info = service.subscribe()
    service.fail(info, status)

    assert push(info, keys) == PushResult(PushOutcome.FAILED, status)


def test_a_push_service_that_redirects_is_not_followed(
    service: PushService, keys: VapidKeys
) -> None:
    info, elsewhere = service.subscribe(), service.subscribe()
    service.fail(info, 307, {"Location": elsewhere["endpoint"]})

    assert push(info, keys) == PushResult(PushOutcome.FAILED, 307)
    assert service.received == []


def test_a_push_service_that_does_not_answer_is_reported_as_failed_without_a_status(
    service: PushService, keys: VapidKeys
) -> None:
    info = service.subscribe()
    info["endpoint"] = info["endpoint"].replace(service.origin, unused_origin())

    assert push(info, keys, timeout=5) == PushResult(PushOutcome.FAILED, None)


def test_ttl_and_urgency_reach_the_push_service(service: PushService, keys: VapidKeys) -> None:
    info = service.subscribe()

    assert push(info, keys, ttl=60, urgency="high").outcome is PushOutcome.DELIVERED

    [received] = service.wait_for(1)
    assert (received.headers["ttl"], received.headers["urgency"]) == ("60", "high")


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"urgency": "now"}, "urgency"),
        ({"ttl": -1}, "ttl"),
        ({"contact": "operator@chromino.example"}, "contact"),
        ({"contact": "mailto:nobody"}, "contact"),  # py_vapid wants an address
    ],
)
def test_bad_sending_options_are_refused_before_anything_is_sent(
    service: PushService, keys: VapidKeys, options: dict[str, Any], field: str
) -> None:
    subscription = PushSubscription.from_browser(service.subscribe(), allow_http=True)
    contact = options.pop("contact", CONTACT)

    with pytest.raises(ValueError, match=rf"^{field}: "):
        run_apart(send_push(subscription, TURN, keys, contact, **options))
    assert service.received == []
    assert service.refused == []


def test_a_payload_too_large_for_a_push_is_refused(service: PushService, keys: VapidKeys) -> None:
    info = service.subscribe()
    room = MAX_PAYLOAD_BYTES - len('{"text":""}')
    # "é" is two bytes in UTF-8: the limit counts bytes of the encoded JSON, not letters.
    largest = {"text": "a" * (room % 2) + "é" * (room // 2)}

    with pytest.raises(ValueError, match=r"^payload: "):
        push(info, keys, {"text": largest["text"] + "é"})
    assert service.received == []

    assert push(info, keys, largest).outcome is PushOutcome.DELIVERED
    assert service.wait_for(1)[0].payload == largest
    assert service.refused == []


def test_a_payload_that_is_not_json_is_refused(service: PushService, keys: VapidKeys) -> None:
    info = service.subscribe()

    with pytest.raises(ValueError, match=r"^payload: "):
        push(info, keys, {"score": float("nan")})
    with pytest.raises(ValueError, match=r"^payload: "):
        push(info, keys, {"when": object()})


def good_browser_json() -> dict[str, Any]:
    public = ec.generate_private_key(ec.SECP256R1()).public_key()
    point = public.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return {
        "endpoint": "https://push.example.net/wpush/v2/gAAAAABk",
        "expirationTime": None,
        "keys": {
            "p256dh": base64.urlsafe_b64encode(point).decode().rstrip("="),
            "auth": base64.urlsafe_b64encode(bytes(range(16))).decode(),  # padded: accepted
        },
    }


def with_field(path: str, value: Any) -> dict[str, Any]:
    """The good browser JSON with one field (``keys.auth``) replaced, or removed when
    ``value`` is ``...``."""
    data = good_browser_json()
    *parents, name = path.split(".")
    holder = data
    for parent in parents:
        holder = holder[parent]
    if value is ...:
        del holder[name]
    else:
        holder[name] = value
    return data


def test_a_subscription_from_the_browser_is_checked_field_by_field() -> None:
    good = good_browser_json()
    subscription = PushSubscription.from_browser(good)
    assert subscription.endpoint == good["endpoint"]
    assert subscription.p256dh == good["keys"]["p256dh"]
    assert subscription.auth == good["keys"]["auth"].rstrip("=")

    bad: list[tuple[Any, str]] = [
        ("not an object", "subscription"),
        (with_field("endpoint", ...), "endpoint"),
        (with_field("endpoint", 42), "endpoint"),
        (with_field("endpoint", "http://push.example.net/wpush/1"), "endpoint"),
        (with_field("endpoint", "ftp://push.example.net/wpush/1"), "endpoint"),
        (with_field("endpoint", "https:///no-host"), "endpoint"),
        (with_field("endpoint", "https://user:pw@push.example.net/1"), "endpoint"),
        (with_field("endpoint", "https://push.example.net/" + "a" * 3000), "endpoint"),
        (with_field("keys", ...), "keys"),
        (with_field("keys", "p256dh"), "keys"),
        (with_field("keys.p256dh", ...), "keys.p256dh"),
        (with_field("keys.p256dh", 7), "keys.p256dh"),
        (with_field("keys.p256dh", good["keys"]["p256dh"][:-4]), "keys.p256dh"),
        (with_field("keys.p256dh", "BA" + "A" * 85), "keys.p256dh"),  # not on the curve
        (with_field("keys.p256dh", good["keys"]["p256dh"][:-1] + "+"), "keys.p256dh"),
        (with_field("keys.auth", ...), "keys.auth"),
        (with_field("keys.auth", base64.urlsafe_b64encode(bytes(15)).decode()), "keys.auth"),
        (with_field("keys.auth", base64.urlsafe_b64encode(bytes(32)).decode()), "keys.auth"),
        (with_field("keys.auth", "not*base64url!"), "keys.auth"),
    ]
    for data, field in bad:
        with pytest.raises(ValueError, match=rf"^{field}: "):
            PushSubscription.from_browser(data)

    local = with_field("endpoint", "http://127.0.0.1:8123/push/abc")
    assert PushSubscription.from_browser(local, allow_http=True).endpoint == local["endpoint"]


def test_vapid_keys_are_made_fresh_and_the_public_key_is_what_a_browser_wants() -> None:
    first, second = make_vapid_keys(), make_vapid_keys()
    assert first != second
    assert first.private_key != second.private_key

    for keys in (first, second):
        for text in (keys.public_key, keys.private_key):
            assert "=" not in text
            assert set(text) <= set(
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
            )
        point = unb64url(keys.public_key)
        assert len(point) == 65
        assert point[0] == 0x04
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        assert len(unb64url(keys.private_key)) == 32
        assert VapidKeys.from_private_key(keys.private_key) == keys


def test_a_pem_private_key_is_converted_to_the_stored_form() -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()

    keys = VapidKeys.from_private_key(pem)

    assert int.from_bytes(unb64url(keys.private_key), "big") == key.private_numbers().private_value
    assert VapidKeys.from_private_key(keys.private_key) == keys
    with pytest.raises(ValueError, match=r"^private_key: "):
        VapidKeys.from_private_key(
            "-----BEGIN PRIVATE KEY-----\nnonsense\n-----END PRIVATE KEY-----"
        )
    with pytest.raises(ValueError, match=r"^private_key: "):
        VapidKeys.from_private_key("too-short")


def test_stored_vapid_keys_whose_halves_do_not_match_are_refused() -> None:
    mine, theirs = make_vapid_keys(), make_vapid_keys()

    with pytest.raises(ValueError, match=r"^public_key: "):
        VapidKeys(private_key=mine.private_key, public_key=theirs.public_key)


def test_no_key_shows_in_the_logs_or_a_repr(
    service: PushService, keys: VapidKeys, caplog: pytest.LogCaptureFixture
) -> None:
    gone, failing, fine = service.subscribe(), service.subscribe(), service.subscribe()
    service.unsubscribe(gone)
    service.fail(failing, 500)
    unanswered = dict(fine, endpoint=fine["endpoint"].replace(service.origin, unused_origin()))

    with caplog.at_level(logging.DEBUG):
        for info in (gone, failing, fine, unanswered):
            push(info, keys, timeout=5)

    assert caplog.records, "the outcomes are logged"
    secrets = [keys.private_key]
    for info in (gone, failing, fine, unanswered):
        secrets += [info["keys"]["p256dh"], info["keys"]["auth"]]
        assert not any(
            secret in repr(PushSubscription.from_browser(info, allow_http=True))
            for secret in info["keys"].values()
        )
    assert keys.private_key not in repr(keys)
    assert not [secret for secret in secrets if secret in caplog.text]
    # The endpoint's path is a secret too: whoever has it can push to that browser. Ours
    # name the push service only (urllib3's own debug lines do show the path).
    ours = "\n".join(r.getMessage() for r in caplog.records if r.name == "web.notify.push")
    assert len(ours.splitlines()) == 4
    assert not [info for info in (gone, failing, fine) if service.id_of(info) in ours]
