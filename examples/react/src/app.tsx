import { GidLoginButton, type GidStatus, useGid } from '@gid/sdk-react';

const STATUS: Record<GidStatus, string> = {
  idle: 'вход не выполнен',
  loading: 'подождите…',
  authenticated: 'вход выполнен',
  error: 'ошибка',
};

/** The whole integration: the SDK's button, the state from useGid(), refresh and logout. */
export function App() {
  const { status, tokens, error, refresh, logout } = useGid();
  const name = (tokens?.additional_data as { name?: string } | undefined)?.name;

  return (
    <main>
      <h1>Пример подключения в React</h1>
      <p>
        <code>&lt;GidProvider&gt;</code> запускает SDK, <code>&lt;GidLoginButton&gt;</code> — его кнопка, <code>useGid()</code> — состояние
        входа.
      </p>
      {!tokens && <GidLoginButton className="gid-slot" />}
      <p role="status">Статус: {STATUS[status]}</p>
      {name && (
        <p>
          Вы вошли как <strong>{name}</strong>.
        </p>
      )}
      {error && <p role="alert">Ошибка авторизации: {error.error_description}</p>}
      {tokens && (
        <>
          <div className="actions">
            <button type="button" onClick={refresh}>
              Обновить токен
            </button>
            <button type="button" onClick={logout}>
              Выйти
            </button>
          </div>
          <section aria-labelledby="tokens-title">
            <h2 id="tokens-title">Токены</h2>
            <pre>{JSON.stringify(tokens, null, 2)}</pre>
          </section>
        </>
      )}
    </main>
  );
}
