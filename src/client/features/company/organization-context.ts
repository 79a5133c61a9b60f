import { createContext, useContext } from 'react';
import type { Organization } from '../../../shared/company/company-api.ts';

export type OrganizationContextValue = {
  organizations: Organization[];
  current: Organization;
  select: (organizationId: string) => void;
  /** Re-reads the memberships (after a rename, a logo upload, a join). */
  refresh: () => void;
  replace: (organization: Organization) => void;
};

export const OrganizationContext = createContext<OrganizationContextValue | null>(null);

/** The organization the portal works in now; only inside the portal layout. */
export function useOrganization(): OrganizationContextValue {
  const value = useContext(OrganizationContext);
  if (!value) throw new Error('useOrganization must be used inside the company portal layout');
  return value;
}

const storageKey = 'company-organization';

export function storedOrganizationId(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

export function storeOrganizationId(id: string): void {
  try {
    localStorage.setItem(storageKey, id);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
