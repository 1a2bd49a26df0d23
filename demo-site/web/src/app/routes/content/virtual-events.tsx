import { ContentPage } from './content-page';

export default function VirtualEvents() {
  return <ContentPage name="virtualEvents" />;
}
