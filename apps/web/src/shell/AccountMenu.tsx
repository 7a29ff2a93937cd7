// The account menu of the top bar, in a chunk of its own (firstUse.tsx): loaded the first time its button is used.
import { Menu } from '@mantine/core';
import { IconBuildingHospital, IconLogout, IconUser } from '@tabler/icons-react';
import type { ReactElement, Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Usuario } from '@saude/shared';
import { LOGIN, SELECIONAR_UNIDADE, useLogout } from '../lib/session';
import type { FirstUse } from './firstUse';
import { FirstUseMenu } from './FirstUseMenu';

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
  const sair = async () => {
    await logout();
    await navigate(LOGIN, { replace: true });
  };
  return (
    <FirstUseMenu use={use} target={trigger} label={usuario.nome} position="bottom-end" width={220}>
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
      <Menu.Item color="red.9" leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void sair()} mih={44}>
        Sair
      </Menu.Item>
    </FirstUseMenu>
  );
}
