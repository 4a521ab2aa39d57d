import { graphql } from 'gatsby';

/**
 * The storefront's translation catalogue, which gatsby-plugin-react-i18next reads from every page's data.
 * Every template's page query spreads it: `query ($language: String!) { ...PageLocales }`.
 */
export const pageLocalesFragment = graphql`
  fragment PageLocales on Query {
    locales: allLocale(filter: { language: { eq: $language } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;
