import { ContentPage } from './content-page';

export default function Photo() {
  return <ContentPage name="photo" />;
}
