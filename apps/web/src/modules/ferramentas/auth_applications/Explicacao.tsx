// What an authorized application is, said once on the list and on the form (issue 39).
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

export function Explicacao() {
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
      Uma aplicação autorizada é um endereço de retorno (callback) que pode receber o acesso do SenhaSimples: quando uma
      tela de chamada de senhas pede autorização, o sistema só entrega o acesso se o endereço dela estiver aqui, ativo e
      escrito exatamente igual. Desative um endereço que não deve mais receber acessos.
    </Alert>
  );
}
