import { useEffect, useState } from 'react';

/** The text as typed, once typing has paused for `ms`: what a search box asks the server for. */
export function useSettled(text: string, ms: number) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/** What a search box asks the API for: its text once typing pauses, trimmed to the API's 100 characters. */
export function useSearchTerm(text: string) {
  return useSettled(text, 300).trim().slice(0, 100);
}
