import { ContentPage } from './content-page';

export default function Smi() {
  return <ContentPage name="smi" />;
}
