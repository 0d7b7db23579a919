'use client';

import { Button } from '../../ui/button';

/** The browser's print dialog; the console's header and navigation stay off the paper. */
export function PrintButton() {
  return (
    <Button variant="secondary" onClick={() => window.print()}>
      Print
    </Button>
  );
}
