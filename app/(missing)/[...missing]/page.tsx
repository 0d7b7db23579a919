import { notFound } from 'next/navigation';

// Any path no page answers: the console's own 404 (app/(missing)/not-found.tsx), inside the
// console's layout with its navigation, instead of the framework's bare page.
export default function MissingPage(): never {
  notFound();
}
