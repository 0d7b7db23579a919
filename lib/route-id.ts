/** A record id from a route segment: decoded once, and left as is if it is not valid percent-encoding. */
export function routeId(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
