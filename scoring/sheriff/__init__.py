"""Sheriff (シェリフ): 3-player trick-taking with roles, a 21-card deck and a Joker."""
