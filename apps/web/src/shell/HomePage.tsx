import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useRouteInfo } from '../lib/routeInfo';
import { useTemaAtual } from '../lib/temaAtual';
import { useUsuario } from '../lib/session';
import { AreaIcon } from './areaIcon';
import { DepoisDoOcioso } from './firstUse';
import { leaves, type NavItem } from './menuTree';
import { useNav } from './useNav';
import { loadTemaBanner } from '../modules/ferramentas';
import { loadLembretesCard } from '../modules/lembretes';
import classes from './home.module.css';

// The campaign banner (issue 21) comes only when a theme is in force, outside the first load's budget.
const TemaBanner = lazy(loadTemaBanner);
// The reminders card (issue 21) is its own chunk, fetched once the home page has painted.
const LembretesCard = lazy(loadLembretesCard);

/** Home: who is signed in, where, and one tile per menu area the user may open in this unit. */
export function HomePage() {
  useDocumentTitle('Início');
  const usuario = useUsuario();
  const { nav: menu, isLoading } = useNav();
  const nav = menu.filter((area) => area.path !== '/');
  const { tema } = useTemaAtual();
  if (!usuario) return null;
  const primeiroNome = usuario.nome.split(' ')[0];
  return (
    <Stack gap="lg">
      {/* The campaign in force (issue 21), at the top. */}
      {tema && (
        <Suspense fallback={null}>
          <TemaBanner tema={tema} />
        </Suspense>
      )}
      <div>
        <Title order={1} fz="h2">
          Olá, {primeiroNome}
        </Title>
        <Text size="lg" mt={4}>
          Unidade atual: <strong data-testid="unidade-atual">{usuario.unidade_atual?.nome}</strong>
          {usuario.perfil && (
            <Text span c="dimmed">
              {' '}
              · {usuario.perfil}
            </Text>
          )}
        </Text>
      </div>
      {isLoading ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} aria-hidden>
          {[1, 2, 3].map((k) => (
            <Skeleton key={k} h={140} radius="md" />
          ))}
        </SimpleGrid>
      ) : nav.length === 0 ? (
        <Text c="dimmed">Nenhuma área disponível nesta unidade.</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
          spacing="md"
          component="ul"
          className={classes.grid}
          aria-label="Áreas"
        >
          {nav.map((area) => (
            <AreaTile key={area.id} area={area} />
          ))}
        </SimpleGrid>
      )}
      {/* Reminders after the home is interactive (issue 41: not in the first load). */}
      <DepoisDoOcioso>
        <Suspense fallback={null}>
          <LembretesCard />
        </Suspense>
      </DepoisDoOcioso>
    </Stack>
  );
}

function AreaTile({ area }: { area: NavItem }) {
  const { prefetch } = useRouteInfo();
  const links = area.path ? [area] : leaves(area);
  return (
    <Card component="li" withBorder radius="md" padding="lg" className={classes.tile}>
      <Group gap="sm" wrap="nowrap" mb="sm">
        <ThemeIcon size={44} radius="md" variant="light">
          <AreaIcon area={area.area} size={26} />
        </ThemeIcon>
        <Title order={2} fz="h4">
          {area.nome}
        </Title>
      </Group>
      <Stack gap={2}>
        {links.map((l) => (
          <Anchor
            key={l.id}
            component={Link}
            to={l.path ?? '/'}
            className={classes.link}
            onMouseEnter={() => l.path && prefetch(l.path)}
            onFocus={() => l.path && prefetch(l.path)}
          >
            {l.nome}
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}
