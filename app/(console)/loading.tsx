import { PageSkeleton } from '@/components/ui/states';

// Shown below the header the moment an area link is clicked, instead of the old page lingering
// until the server has rendered the new one (each area repeats it below its own tabs). The
// areas' own addresses (/catalog, /admin) redirect in proxy.ts: a page's redirect() inside
// this boundary would be streamed as a 200 and a late client-side redirect.
export default function Loading() {
  return <PageSkeleton />;
}
