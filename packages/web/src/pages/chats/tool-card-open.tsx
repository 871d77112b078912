// Which tool cards the user opened or closed in one chat. When an answer's stream ends, the stored history
// replaces the live answer with new card elements; the choice is kept here, outside them, so it survives that.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

type Choose = (key: string, open: boolean) => void;
type OpenCards = { chosen: ReadonlyMap<string, boolean>; choose: Choose };

const OpenCardsContext = createContext<OpenCards | null>(null);

/**
 * A card's key: the provider's call id (the live card's id, the stored card's callId), within its reply and
 * swipe. Call ids repeat across answers (synthetic ones like call_0, numbered per answer by some servers),
 * so the reply and its swipe are part of the key: a new swipe's cards start as they would, and swiping back
 * shows the cards of the earlier one as they were left.
 */
export function toolCardKey(
  replyId: string | null | undefined,
  swipe: number | null | undefined,
  call: { id: string; callId?: string },
): string {
  return `${replyId ?? ''}/${swipe ?? 0}/${call.callId ?? call.id}`;
}

/** Holds the open / closed choices of the cards inside (one chat: the page is remounted for another). */
export function OpenToolCardsProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(new Map());
  const choose = useCallback<Choose>(
    (key, open) => setChosen((map) => (map.get(key) === open ? map : new Map(map).set(key, open))),
    [],
  );
  const value = useMemo(() => ({ chosen, choose }), [chosen, choose]);
  return <OpenCardsContext.Provider value={value}>{children}</OpenCardsContext.Provider>;
}

/**
 * Whether the card is open: the user's last choice, else `byDefault`. Outside a provider the choice lives in
 * the card itself.
 */
export function useToolCardOpen(key: string, byDefault: boolean): [boolean, (open: boolean) => void] {
  const shared = useContext(OpenCardsContext);
  const [own, setOwn] = useState<boolean | undefined>(undefined);
  const choice = shared ? shared.chosen.get(key) : own;
  const choose = useCallback(
    (open: boolean) => (shared ? shared.choose(key, open) : setOwn(open)),
    [shared, key],
  );
  return [choice ?? byDefault, choose];
}
