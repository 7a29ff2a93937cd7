import { describe, expect, it } from 'vitest';
import { allPermissions, perfilPermissions, perfis } from './access';
import expected from './access.snapshot.json';

// access.snapshot.json: the profiles as they stood before they were written as a base set plus additions (issue 13),
// sorted; the same permissions, none more, none less. A change to a profile changes that list on purpose.

describe('perfilPermissions', () => {
  it('gives the manager every permission', () => {
    expect(perfilPermissions.gestor).toEqual(allPermissions);
  });

  it.each(perfis.filter((p) => p !== 'gestor'))('gives %s exactly the permissions it had', (perfil) => {
    expect([...perfilPermissions[perfil]].sort()).toEqual(expected[perfil as keyof typeof expected]);
  });

  it('lists each permission once per profile', () => {
    for (const list of Object.values(perfilPermissions)) expect(new Set(list).size).toBe(list.length);
  });
});
