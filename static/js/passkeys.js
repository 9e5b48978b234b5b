// Passkeys (WebAuthn): the browser's side of the two ceremonies, for every page that
// offers them — adding one (Preferences, or signing up), signing in without a name
// (the header's sign-in dialog) and proving again it is me (before an admin action).
// The server makes the options and checks the answers (web/passkeys); here the
// options' base64url strings become bytes for navigator.credentials, and the
// authenticator's bytes become base64url for the server. No game logic.
import { ApiError, api } from "./api.js";
import { t } from "./i18n.js";

/** base64url (no padding) → bytes. */
function bytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** bytes (an ArrayBuffer) → base64url without padding. */
function text(buffer) {
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const withIds = (list) => (list || []).map((credential) => ({ ...credential, id: bytes(credential.id) }));

function creationOptions(json) {
  return { ...json, challenge: bytes(json.challenge), user: { ...json.user, id: bytes(json.user.id) }, excludeCredentials: withIds(json.excludeCredentials) };
}

function requestOptions(json) {
  return { ...json, challenge: bytes(json.challenge), allowCredentials: withIds(json.allowCredentials) };
}

/** The authenticator's answer as the server reads it (WebAuthn's JSON form). */
function answer(credential) {
  const reply = credential.response;
  const response = { clientDataJSON: text(reply.clientDataJSON) };
  if (reply.attestationObject) {
    response.attestationObject = text(reply.attestationObject);
    response.transports = typeof reply.getTransports === "function" ? reply.getTransports() : [];
  } else {
    response.authenticatorData = text(reply.authenticatorData);
    response.signature = text(reply.signature);
    if (reply.userHandle) response.userHandle = text(reply.userHandle);
  }
  return { id: credential.id, rawId: text(credential.rawId), type: credential.type, authenticatorAttachment: credential.authenticatorAttachment || null, response };
}

const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/** Why this page cannot use passkeys (a sentence to show), or null when it can. */
export function passkeyProblem() {
  if (!window.isSecureContext) return t("Passkeys need a secure connection (an https:// address): ask this server's host to set one up.");
  if (!window.PublicKeyCredential || !navigator.credentials) return t("This browser cannot use passkeys: use a password, or another browser.");
  if (IP_ADDRESS.test(location.hostname)) return t("Passkeys need the server's name in the address, not its number: open this site by its name (on this computer, localhost).");
  return null;
}

/** The browser's refusal or the person's "cancel", as a sentence (an ApiError passes). */
function worded(error) {
  if (error instanceof ApiError) return error;
  if (error?.name === "InvalidStateError") return new ApiError(0, "passkey_exists", t("This device already holds a passkey for your account."));
  if (error?.name === "NotAllowedError" || error?.name === "AbortError") return new ApiError(0, "passkey_cancelled", t("No passkey was used: the request was cancelled or took too long."));
  return new ApiError(0, "passkey_failed", t("The passkey did not work on this device: try again, or use another way."));
}

async function ceremony(steps) {
  const problem = passkeyProblem();
  if (problem) throw new ApiError(0, "passkeys_unavailable", problem);
  try {
    return await steps();
  } catch (error) {
    throw worded(error);
  }
}

/** Add a passkey to my account (a guest is signed up by it), called `name` (empty:
 * "Passkey 2"). The answer: the passkey and `me`, now registered. */
export function addPasskey(name) {
  return ceremony(async () => {
    const options = await api("POST", "/api/passkeys/register/options");
    const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
    const body = { credential: answer(credential) };
    if (name) body.name = name;
    return api("POST", "/api/passkeys/register", body);
  });
}

async function signWith(body) {
  const options = await api("POST", "/api/passkeys/sign-in/options", body);
  const credential = await navigator.credentials.get({ publicKey: requestOptions(options) });
  return api("POST", "/api/passkeys/sign-in", { credential: answer(credential) });
}

/** Sign in with any passkey of this site the authenticator holds (no name typed): this
 * browser becomes that account. The answer: `me`. */
export function signInWithPasskey() {
  return ceremony(() => signWith(undefined));
}

/** Prove again that I am me, with one of my own passkeys: my session counts as a fresh
 * sign-in (admin actions want one within 15 minutes). The answer: `me`. */
export function reauthenticateWithPasskey() {
  return ceremony(() => signWith({ mine: true }));
}

/** The header's sign-in dialog: "Sign in with a passkey" (the page reloads as the
 * account), or why this page cannot, in place of the button. Errors go to `errorBox`. */
export function offerPasskeySignIn(errorBox) {
  const button = document.getElementById("sign-in-passkey");
  if (!button) return;
  const problem = passkeyProblem();
  if (problem) {
    const note = document.getElementById("sign-in-passkey-note");
    note.textContent = problem;
    note.hidden = false;
    button.hidden = true;
    return;
  }
  button.addEventListener("click", async () => {
    errorBox.textContent = "";
    errorBox.hidden = true;
    button.disabled = true;
    try {
      await signInWithPasskey();
      location.reload();
    } catch (problem) {
      errorBox.textContent = problem.message;
      errorBox.hidden = false;
      button.disabled = false;
      button.focus();
    }
  });
}

/** Sign up with a passkey instead of a password (someone with no account, on a server
 * without guests or by an invitation link's `invitation` token): the account `name`
 * is made with the passkey as its way in, and this browser signed in. The answer: `me`. */
export function signUpWithPasskey(name, invitation) {
  return ceremony(async () => {
    const body = { name };
    if (invitation) body.invitation = invitation;
    const options = await api("POST", "/api/passkeys/sign-up/options", body);
    const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
    return api("POST", "/api/passkeys/sign-up", { credential: answer(credential) });
  });
}
