import { redirect } from 'next/navigation';
import { AREA_HOMES } from '@/lib/area-homes';

export default function CatalogHome() {
  redirect(AREA_HOMES['/catalog']!);
}
