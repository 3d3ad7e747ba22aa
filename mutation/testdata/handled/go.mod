module handled

go 1.26.0
