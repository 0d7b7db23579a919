import { TableSkeleton } from '@/components/ui/states';

// Shown inside the area's layout the moment a tab is clicked, instead of the old page lingering until the new one renders.
export default function Loading() {
  return <TableSkeleton />;
}
