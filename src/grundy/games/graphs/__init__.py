"""Games on graphs: tokens on a digraph (loopy included) and Green Hackenbush."""
