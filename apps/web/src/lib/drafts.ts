// Typed values kept when the session expires in the middle of an edit (issue 12): sessionStorage (this tab only),
// keyed by the screen's route and by who typed them, dropped when read back and on sign-out, so no one else who signs
// in on this tab ever sees them (health data, LGPD).
const PREFIX = 'saude.rascunho:';

type Draft = { login: string; values: unknown };

export function saveDraft(route: string, login: string, values: unknown) {
  try {
    sessionStorage.setItem(PREFIX + route, JSON.stringify({ login, values } satisfies Draft));
  } catch {
    /* storage full or disabled: the edit is lost as it was before drafts */
  }
}

/** The draft of `route` typed by `login`, removed from storage; undefined when there is none (or someone else's). */
export function takeDraft(route: string, login: string): unknown {
  const raw = sessionStorage.getItem(PREFIX + route);
  if (raw === null) return undefined;
  sessionStorage.removeItem(PREFIX + route);
  try {
    const draft = JSON.parse(raw) as Draft;
    return draft.login === login ? draft.values : undefined;
  } catch {
    return undefined;
  }
}

export function clearDrafts() {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
}
