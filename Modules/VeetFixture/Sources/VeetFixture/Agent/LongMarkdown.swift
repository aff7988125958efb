import Foundation

/// The long Markdown answer ("markdown" or "long"): every construct a terminal
/// renderer must handle, including a table too wide for 80 columns, a link with a
/// scheme that must stay plain text, and non-ASCII text.
enum LongMarkdown {
    static let text = #"""
        # Trip planning notes

        A summary of **everything** we discussed, with *a little* emphasis, some ~~outdated~~ corrected
        figures and `inline code`. Read the [transit guide](https://transit.example.org/guide) or write to
        [the planner](mailto:planner@example.org). This [link](javascript:alert(1)) must stay plain text, and
        https://www.example.org/autolinked is an autolink.

        ## Budget

        | Category  | Budget (EUR) | Spent (EUR) | Left |
        |:----------|-------------:|------------:|:----:|
        | Lodging   |          540 |         540 |  0   |
        | Food      |          210 |      184.50 | 25.50 |
        | Transport |           60 |       16.65 | 43.35 |
        | Museums   |           45 |          32 |  13  |

        ### Wide table

        | Day | Morning | Afternoon | Evening | Notes for the group, which are deliberately long so the table cannot fit |
        |---|---|---|---|---|
        | 1 | Alfama walk | Castle | Fado dinner | Book the dinner two weeks ahead and confirm the day before |
        | 2 | Belém | Monastery | Riverside | Bring sunscreen; the queue at the monastery is long after 10:00 |

        ## Checklist

        - [x] Book the guesthouse
        - [x] Buy rechargeable transit cards
        - [ ] Reserve the fado dinner
        - [ ] Print the museum tickets

        ## Itinerary

        1. Arrive and check in
        2. Walk the old town
           - viewpoints: Graça, Senhora do Monte
           - pastry stop in Alfama
        3. Tram 28 to Campo Ourique

        > Travel tip: tram 28 is busiest between 10:00 and 16:00.
        > Ride early or late.

        ---

        ## Scripts

        ```swift
        struct Fare {
            let rides: Int
            var total: Double { Double(rides) * 1.85 }
        }
        print(Fare(rides: 9).total)  // 16.65
        ```

        ```sh
        curl -s https://transit.example.org/api/lines/28 | jq '.timetable[] | select(.hour >= 7)'
        ```

        ```json
        {"line": 28, "every_minutes": 12, "first": "07:00", "last": "23:00"}
        ```

            an indented code block
            keeps its    spacing

        Line one ends with a hard break\
        and line two follows.

        Words in other scripts: Lisboa, São Jorge, 日本語のテキスト, émigré café, and a very long address
        https://www.example.org/a/really/long/path/that/does/not/wrap/nicely/on/a/narrow/terminal/window.html

        That is the whole plan.
        """#
}
