// Spec §9: page prefetch is off on 2g or when the user asked to save data.
type NetworkInformation = { saveData?: boolean; effectiveType?: string };

export function prefetchAllowed(nav: Navigator = navigator): boolean {
  const conn = (nav as Navigator & { connection?: NetworkInformation }).connection;
  if (!conn) return true;
  return !conn.saveData && conn.effectiveType !== '2g' && conn.effectiveType !== 'slow-2g';
}
