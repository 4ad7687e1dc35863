import { useState } from 'react';

export default function TopPage() {
  const [n, setN] = useState(0);
  return <div><h1>Top page v1</h1><button onClick={() => setN(n + 1)}>{n}</button></div>;
}
