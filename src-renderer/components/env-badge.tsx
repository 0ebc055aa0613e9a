/** TEST quiet, LIVE unmistakable. */
export function EnvBadge({ environment }: { environment: 'test' | 'live' }) {
  return (
    <span className={environment === 'live' ? 'env-badge env-live' : 'env-badge env-test'}>
      {environment.toUpperCase()}
    </span>
  );
}
