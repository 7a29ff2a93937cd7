// The account menu of the top bar, in a chunk of its own (firstUse.tsx): loaded the first time its button is used.
import { Menu } from '@mantine/core';
import { IconBuildingHospital, IconLogout, IconUser } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Usuario } from '@saude/shared';
import { LOGIN, SELECIONAR_UNIDADE, useLogout } from '../lib/session';
import type { FirstUse } from './firstUse';

export default function AccountMenu({
  usuario,
  use,
  trigger,
}: {
  usuario: Usuario;
  use: FirstUse;
  trigger: (ref: Ref<HTMLButtonElement>) => ReactElement;
}) {
  const logout = useLogout();
  const navigate = useNavigate();
  const ref = useRef<HTMLButtonElement>(null);
  // Mounted closed, then opened: Mantine gives the focus back on close only to what had it when the menu opened
  // (the real button, not the plain one it replaced).
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (use.focused) ref.current?.focus();
    if (use.opened) setOpened(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const sair = async () => {
    await logout();
    await navigate(LOGIN, { replace: true });
  };
  return (
    <Menu
      position="bottom-end"
      width={220}
      withArrow
      opened={opened}
      onChange={setOpened}
      // Mantine's focus placeholder is a focusable div inside role="menu" (axe aria-required-children, critical).
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{trigger(ref)}</Menu.Target>
      <Menu.Dropdown>
        {/* A visual heading only: a menu holds menu items (axe aria-required-children); it is named by its button. */}
        <Menu.Label aria-hidden>{usuario.nome}</Menu.Label>
        <Menu.Item component={Link} to="/conta" leftSection={<IconUser size={18} aria-hidden />} mih={44}>
          Minha conta
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={SELECIONAR_UNIDADE}
          leftSection={<IconBuildingHospital size={18} aria-hidden />}
          mih={44}
        >
          Trocar unidade
        </Menu.Item>
        <Menu.Divider role="separator" />
        <Menu.Item
          color="red.9"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => void sair()}
          mih={44}
        >
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
