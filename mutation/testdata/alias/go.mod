module alias

go 1.26.0
